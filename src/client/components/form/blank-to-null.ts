// Optional text fields go to the server as null when left blank (the DTOs include nulls; '' would be stored).
export const blankToNull = (text: string): string | null => (text.trim() === '' ? null : text);
