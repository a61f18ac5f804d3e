// Where a screen or dialog offers choices from the session's shared lists (organizations, projects, source types,
// authorities): a list that failed for good shows its failure with Retry, so an empty select is never taken for
// "there is nothing to choose".
import type { ReactNode } from 'react';
import type { SharedList } from '../lib/session-store';
import { useSharedList } from '../lib/shared-list-react';
import { LoadError } from './load-error';

function SharedListError({ list }: { list: SharedList }): ReactNode {
  const { error, retry } = useSharedList(list);
  return error === undefined ? null : <LoadError error={error} onRetry={retry} />;
}

export function SharedListErrors({ lists }: { lists: readonly SharedList[] }): ReactNode {
  return lists.map((list) => <SharedListError key={list} list={list} />);
}
