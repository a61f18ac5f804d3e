// Name patterns shared by path routing, bean validation and the client forms (docs/api-conventions.md, "Names and ids").

/** `NAME`: letters, digits, `_ ' . @ -` and space. Logins, project/organization/group/source names, path variables. */
export const NAME_PATTERN_SOURCE = "^[_'.@A-Za-z0-9- ]*$";
export const NAME_PATTERN = new RegExp(NAME_PATTERN_SOURCE);

/** Meta-token names: letters, digits, `.` and `-`. */
export const META_TOKEN_NAME_PATTERN_SOURCE = '^[A-Za-z0-9.-]*$';
export const META_TOKEN_NAME_PATTERN = new RegExp(META_TOKEN_NAME_PATTERN_SOURCE);

/** True for strings matching NAME (the empty string matches; "required" is a separate rule). */
export function isValidName(value: string): boolean {
  return NAME_PATTERN.test(value);
}

export function isValidMetaTokenName(value: string): boolean {
  return META_TOKEN_NAME_PATTERN.test(value);
}
