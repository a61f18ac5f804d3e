// Reading the server's site settings and profile info defensively: a bad answer must not break the client.
import { HIDDEN_SUBJECT_FIELDS, type HiddenSubjectField, type ProfileInfo } from '../../common/dto';

// The server's enum names (NAME, DATEOFBIRTH, GROUP) and the client's names mean the same three fields.
const FIELD_ALIASES: Readonly<Record<string, HiddenSubjectField>> = {
  person_name: 'person_name',
  name: 'person_name',
  date_of_birth: 'date_of_birth',
  dateofbirth: 'date_of_birth',
  group: 'group',
};

/** `hiddenSubjectFields` of a site-settings answer; an invalid answer is an empty set, unknown names are skipped. */
export function parseHiddenSubjectFields(
  answer: unknown,
  warn: (message: string) => void = console.warn,
): ReadonlySet<HiddenSubjectField> {
  const hidden = new Set<HiddenSubjectField>();
  const list = (answer as { hiddenSubjectFields?: unknown } | null | undefined)?.hiddenSubjectFields;
  if (typeof answer !== 'object' || answer === null || !Array.isArray(list)) return hidden;
  for (const entry of list) {
    const field = typeof entry === 'string' ? FIELD_ALIASES[entry.toLowerCase()] : undefined;
    if (field) hidden.add(field);
    else warn(`Ignoring unknown hidden subject field ${JSON.stringify(entry)}; known: ${HIDDEN_SUBJECT_FIELDS.join(', ')}`);
  }
  return hidden;
}

/** A profile-info answer with only its string profiles kept; anything else is "no profiles". */
export function parseProfileInfo(answer: unknown): ProfileInfo {
  const profiles = (answer as { activeProfiles?: unknown } | null | undefined)?.activeProfiles;
  return {
    activeProfiles: Array.isArray(profiles) ? profiles.filter((p): p is string => typeof p === 'string') : [],
  };
}
