import { useEffect, useRef } from 'react';

/**
 * After a submit that failed validation, focuses the first invalid control in the order the form shows
 * them (the first `aria-invalid="true"` element). react-hook-form's own `shouldFocusError` follows the
 * order fields were registered in, which is not the visual order when a field registers outside a render
 * prop (the location field did, so focus jumped past the invalid fields above it). Forms using this set
 * `shouldFocusError: false`. Returns the ref to put on the `<form>`.
 */
export function useFocusFirstInvalid(submitCount: number) {
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (submitCount === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [submitCount]);
  return formRef;
}
