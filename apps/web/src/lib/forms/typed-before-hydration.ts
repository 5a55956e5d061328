import { useLayoutEffect, type RefObject } from 'react';

interface FormValues {
  getValues(): Record<string, unknown>;
  setValues(values: Record<string, unknown>): void;
}

/**
 * A form the server drew can be filled in before the app has hydrated the page: its fields then hold what the
 * form's state does not, and the app's first re-render of a field (Mantine's ids are set right after hydration)
 * would write the state's empty value back over what was typed. This takes the typed values into the state as the
 * form mounts, in a layout effect: before that re-render. Fields are found by their `name`, which is the value's key:
 * a string from a text field or a select, a boolean from a single checkbox, the checked values of a group.
 */
export function useTypedBeforeHydration(formRef: RefObject<HTMLFormElement | null>, form: FormValues) {
  useLayoutEffect(() => {
    const element = formRef.current;
    if (!element) return;
    const current = form.getValues();
    const typed: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(current)) {
      const fields = [
        ...element.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(
          `[name="${CSS.escape(key)}"]`,
        ),
      ];
      if (!fields.length) continue;
      if (Array.isArray(value)) {
        const checked = fields.filter((f) => f instanceof HTMLInputElement && f.checked).map((f) => f.value);
        if (checked.join('\n') !== value.join('\n')) typed[key] = checked;
      } else if (typeof value === 'boolean') {
        const checked = fields.some((f) => f instanceof HTMLInputElement && f.checked);
        if (checked !== value) typed[key] = checked;
      } else if (typeof value === 'string' && fields[0]!.value !== value) typed[key] = fields[0]!.value;
    }
    if (Object.keys(typed).length) form.setValues(typed);
    // once, as the form mounts: later changes come through the fields' own events
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
