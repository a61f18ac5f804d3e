export { useForm, type FieldBinding, type Form, type UseFormOptions } from './use-form';
export { violationMessage, type FieldMessage, type MessageOverrides } from './field-message';
export { FieldFrame, type FieldFrameProps } from './field-frame';
export { TextField, type TextFieldProps } from './text-field';
export { TextArea, type TextAreaProps } from './text-area';
export { Select, type SelectOption, type SelectProps } from './select-field';
export { Checkbox, type CheckboxProps } from './checkbox';
export { DateInput, type DateInputProps } from './date-input';
export { blankToNull } from './blank-to-null';
