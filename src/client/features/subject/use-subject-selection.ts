// Which subjects are ticked for "Add selected to group". Only ACTIVATED subjects can be selected;
// "select all" takes every ACTIVATED subject on screen. Subjects that leave the list leave the selection.
import { useCallback, useMemo, useState } from 'react';
import type { SubjectDTO } from '../../../common/dto';
import type { SubjectSelection } from './subject-table';

export interface SubjectSelectionState extends SubjectSelection {
  selected: readonly SubjectDTO[];
  allSelected: boolean;
  selectAll(selected: boolean): void;
  reset(): void;
}

const selectable = (subject: SubjectDTO): boolean => subject.status === 'ACTIVATED';

export function useSubjectSelection(subjects: readonly SubjectDTO[]): SubjectSelectionState {
  const [logins, setLogins] = useState<ReadonlySet<string>>(new Set());
  const candidates = useMemo(() => subjects.filter(selectable), [subjects]);
  const selected = useMemo(() => candidates.filter((s) => logins.has(s.login)), [candidates, logins]);

  const toggle = useCallback((subject: SubjectDTO, on: boolean) => {
    if (!selectable(subject)) return;
    setLogins((current) => {
      const next = new Set(current);
      if (on) next.add(subject.login);
      else next.delete(subject.login);
      return next;
    });
  }, []);

  return {
    selected,
    allSelected: candidates.length > 0 && selected.length === candidates.length,
    isSelected: (subject) => logins.has(subject.login) && selectable(subject),
    toggle,
    selectAll: (on) => setLogins(on ? new Set(candidates.map((s) => s.login)) : new Set()),
    reset: () => setLogins(new Set()),
  };
}
