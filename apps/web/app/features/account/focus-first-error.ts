/** Moves keyboard focus to the first field a form refused (Mantine's onSubmit error callback). */
export function focusFirstError(errors: Record<string, unknown>) {
  const first = Object.keys(errors)[0];
  if (first) document.querySelector<HTMLElement>(`[name="${CSS.escape(first)}"]`)?.focus();
}
