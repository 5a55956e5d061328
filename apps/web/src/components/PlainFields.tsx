import { ComboboxChevron, Input, InputWrapperContext, type MantineSize } from '@mantine/core';
import {
  type ChangeEvent,
  type ComponentPropsWithoutRef,
  type CSSProperties,
  type ReactNode,
  useId,
} from 'react';
import growing from './GrowingTextarea.module.css';

// Fields drawn with Mantine's bare `Input` and its label, description and error, linked by ids from React's useId
// given to the Input through Mantine's public InputWrapperContext (as its own wrapper gives them).
// Mantine's TextInput, NumberInput, NativeSelect, Select and Textarea each take their ids from Mantine's useId, which
// sets state in a layout effect: every one of them renders again at the end of the hydration commit, in the task
// that also runs the page's effects (/account/profile: ~280 ms at 4x CPU slowdown). React's useId gives
// the same ids on the server and in the browser without that second render.

interface FrameProps {
  label: ReactNode;
  description?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  size?: MantineSize;
  className?: string;
  style?: CSSProperties;
}

/** A field's label above its control, the description between and the error below, as Mantine lays them out. */
function Frame({
  label,
  description,
  error,
  required,
  size,
  className,
  style,
  children,
}: FrameProps & { children: ReactNode }) {
  const id = useId();
  const descriptionId = description ? `${id}-description` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, descriptionId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className} style={style}>
      <Input.Label htmlFor={id} required={required} size={size}>
        {label}
      </Input.Label>
      {description ? (
        <Input.Description id={descriptionId} size={size}>
          {description}
        </Input.Description>
      ) : null}
      {/* the Input reads its id, aria-describedby and its margins from here (aria-invalid from its error) */}
      <InputWrapperContext
        value={{
          inputId: id,
          describedBy,
          labelId: undefined,
          offsetTop: !!description,
          offsetBottom: !!error,
          getStyles: null,
        }}
      >
        {children}
      </InputWrapperContext>
      {error ? (
        <Input.Error id={errorId} size={size}>
          {error}
        </Input.Error>
      ) : null}
    </div>
  );
}

/** A field's props split into its frame's (label, description, error, size...) and its control's. */
function splitFrame<P extends FrameProps>({
  label,
  description,
  error,
  required,
  size,
  className,
  style,
  ...control
}: P) {
  return [{ label, description, error, required, size, className, style }, control] as const;
}

type NativeProps<E extends 'input' | 'select' | 'textarea'> = Omit<
  ComponentPropsWithoutRef<E>,
  'size' | 'className' | 'style' | 'required' | 'id' | 'children'
>;

/** A text input (type text, email, search...). `form.getInputProps(name)` spreads onto it. */
export function PlainTextInput(props: FrameProps & NativeProps<'input'>) {
  const [frame, input] = splitFrame(props);
  return (
    <Frame {...frame}>
      <Input size={frame.size} error={!!frame.error} required={frame.required} {...input} />
    </Frame>
  );
}

/**
 * A number input (a spin button: the arrow keys step it, phones show digits). Its value is a number, or '' when
 * empty, as Mantine's NumberInput gave it to the form.
 */
export function PlainNumberInput({
  onChange,
  value,
  ...props
}: FrameProps &
  Omit<NativeProps<'input'>, 'type' | 'onChange' | 'value'> & {
    value?: number | string;
    onChange?: (value: number | string) => void;
  }) {
  return (
    <PlainTextInput
      type="number"
      inputMode="numeric"
      {...props}
      value={value ?? ''}
      onChange={(event: ChangeEvent<HTMLInputElement>) => {
        const text = event.currentTarget.value;
        onChange?.(text === '' ? '' : Number(text));
      }}
    />
  );
}

/**
 * A select of the browser's own. `options` are shown as given; an `empty` label adds a first option of value '',
 * which also clears the choice ("Choose one", "Any").
 */
export function PlainSelect({
  options,
  empty,
  value,
  ...props
}: FrameProps &
  Omit<NativeProps<'select'>, 'value'> & {
    value?: string | null;
    options: readonly (string | { value: string; label: string })[];
    empty?: string;
  }) {
  const [frame, select] = splitFrame(props);
  return (
    <Frame {...frame}>
      <Input
        component="select"
        size={frame.size}
        error={!!frame.error}
        required={frame.required}
        pointer
        rightSection={<ComboboxChevron size={frame.size} error={frame.error} />}
        rightSectionPointerEvents="none"
        {...select}
        value={value ?? ''}
      >
        {empty === undefined ? null : <option value="">{empty}</option>}
        {options.map((option) =>
          typeof option === 'string' ? (
            <option key={option} value={option}>
              {option}
            </option>
          ) : (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ),
        )}
      </Input>
    </Frame>
  );
}

/** A textarea that grows with its text (GrowingTextarea's sizing), for a first screen with many of them. */
export function PlainGrowingTextarea({
  minRows = 2,
  maxRows = 12,
  ...props
}: FrameProps & Omit<NativeProps<'textarea'>, 'rows'> & { minRows?: number; maxRows?: number }) {
  const rows = {
    '--growing-min-rows': minRows,
    '--growing-max-rows': maxRows,
    '--input-resize': 'vertical',
  } as CSSProperties;
  const [frame, textarea] = splitFrame(props);
  return (
    <Frame {...frame}>
      <Input
        component="textarea"
        multiline
        size={frame.size}
        error={!!frame.error}
        required={frame.required}
        classNames={{ input: growing.input }}
        style={rows}
        {...textarea}
        rows={minRows}
      />
    </Frame>
  );
}
