import { Label } from './ui/label';
import { NativeSelect } from './ui/native-select';

interface FilterSelectProps<T extends string> {
  id: string;
  label: string;
  /** The first option, which removes the filter ('All'). */
  allLabel: string;
  values: readonly T[];
  current: T | undefined;
  labelOf: (value: T) => string;
  onChange: (value: string) => void;
}

/** One labelled filter of an admin list: 'All' or one of `values`. */
export function FilterSelect<T extends string>({
  id,
  label,
  allLabel,
  values,
  current,
  labelOf,
  onChange,
}: FilterSelectProps<T>) {
  return (
    <div className="grid gap-1">
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect id={id} value={current ?? ''} onChange={(event) => onChange(event.target.value)}>
        <option value="">{allLabel}</option>
        {values.map((value) => (
          <option key={value} value={value}>
            {labelOf(value)}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
