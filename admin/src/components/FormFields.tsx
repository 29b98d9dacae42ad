import type { ComponentProps, ReactNode } from "react";
import { Alert } from "./ui/Alert.tsx";
import { Field } from "./ui/Field.tsx";
import { Input } from "./ui/Input.tsx";
import { Select } from "./ui/Select.tsx";
import { Textarea } from "./ui/Textarea.tsx";

/**
 * Field wrappers the admin's forms share: a labelled control with its hint and error
 * (Field wires the id, aria-describedby and invalid state), and the summary of a refused save.
 */
type FieldFrame = { label: ReactNode; hint?: ReactNode; error?: string | undefined; className?: string };

/** A labelled text input; the remaining props go to the input (name, type, placeholder, onBlur...). */
export function TextField({
  label,
  hint,
  error,
  className,
  value,
  onValue,
  ...input
}: FieldFrame & Omit<ComponentProps<"input">, "value" | "onChange" | "className"> & { value: string; onValue: (value: string) => void }) {
  return (
    <Field label={label} hint={hint} error={error} className={className}>
      {(p) => <Input {...p} {...input} value={value} onChange={(e) => onValue(e.target.value)} />}
    </Field>
  );
}

/** A labelled textarea; `inputClassName` styles the textarea itself (e.g. a monospace font). */
export function TextareaField({
  label,
  hint,
  error,
  className,
  inputClassName,
  value,
  onValue,
  ...input
}: FieldFrame &
  Omit<ComponentProps<"textarea">, "value" | "onChange" | "className"> & { inputClassName?: string; value: string; onValue: (value: string) => void }) {
  return (
    <Field label={label} hint={hint} error={error} className={className}>
      {(p) => <Textarea {...p} {...input} className={inputClassName} value={value} onChange={(e) => onValue(e.target.value)} />}
    </Field>
  );
}

/** A labelled select of a fixed list of values, each shown by its label (a "choose one" option is a value "" in the list). */
export function SelectField<T extends string>({
  label,
  hint,
  error,
  className,
  name,
  value,
  options,
  optionLabel,
  onValue,
  placeholder,
}: FieldFrame & {
  name?: string;
  value: string;
  /** A first, unselectable choice shown while `value` is "" (nothing is assumed). */
  placeholder?: string;
  options: readonly T[];
  optionLabel: (value: T) => ReactNode;
  onValue: (value: T) => void;
}) {
  return (
    <Field label={label} hint={hint} error={error} className={className}>
      {(p) => (
        <Select
          {...p}
          name={name}
          value={value}
          onChange={(e) => {
            const chosen = options.find((o) => o === e.target.value);
            if (chosen !== undefined) onValue(chosen);
          }}
        >
          {placeholder != null ? (
            <option value="" disabled>
              {placeholder}
            </option>
          ) : null}
          {options.map((o) => (
            <option key={o} value={o}>
              {optionLabel(o)}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}

/** A refused save: the title, then the reasons not already shown at their fields. */
export function SaveErrors({ title, errors, shownAtFields = [] }: { title: string; errors: Record<string, string>; shownAtFields?: readonly string[] }) {
  // A message shown at its field is not repeated here, and no message names a field by its key:
  // the admin reads the field's label beside it.
  const messages = [...new Set(Object.entries(errors).flatMap(([path, message]) => (shownAtFields.includes(path) ? [] : [message])))];
  return (
    <Alert title={title}>
      {messages.length > 0 ? (
        <ul className="list-disc pl-5">
          {messages.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      ) : null}
    </Alert>
  );
}
