import type { UseFormReturnType } from '@mantine/form';

/**
 * For `useForm({ enhanceGetInputProps })`: a field is checked when the visitor
 * leaves it with something typed; an untouched empty field waits for submit.
 */
export function validateFilledOnBlur<V extends Record<string, unknown>>({
  field,
  form,
}: {
  field: string;
  form: UseFormReturnType<V>;
}) {
  return {
    onBlur: () => {
      const value = form.getValues()[field];
      if (typeof value === 'string' && value.trim() !== '') form.validateField(field);
    },
  };
}
