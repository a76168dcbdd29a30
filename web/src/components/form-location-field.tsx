import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { LocationField } from './location-field';

/** The form fields a location field fills: the text, and the picked city's id (undefined for free text). */
export interface LocationFormValues {
  location: string;
  placeId?: string;
}

/** A server error on the picked city ('Choose a city from the list') is shown on the location field. */
export function fieldOfServerError(field: string): string {
  return field === 'placeId' ? 'location' : field;
}

/**
 * {@link LocationField} bound to a react-hook-form form's `location` and `placeId`: picking a city sets both,
 * typing afterwards clears `placeId`, so a form sends a place id only for the text it names.
 */
export function FormLocationField<T extends FieldValues & LocationFormValues, Output>({
  control,
  id,
  label,
}: {
  control: Control<T, unknown, Output>;
  id: string;
  label: string;
}) {
  const { field, fieldState } = useController<T, FieldPath<T>, Output>({
    control,
    name: 'location' as FieldPath<T>,
  });
  const { field: placeId } = useController<T, FieldPath<T>, Output>({
    control,
    name: 'placeId' as FieldPath<T>,
  });
  return (
    <LocationField
      id={id}
      label={label}
      error={fieldState.error?.message}
      name={field.name}
      value={String(field.value ?? '')}
      inputRef={field.ref}
      onBlur={field.onBlur}
      onChange={({ text, place }) => {
        field.onChange(text);
        placeId.onChange(place?.id);
      }}
    />
  );
}
