// One column of the source assigner: a titled list of sources (name and type), each with one action button.
import type { ReactNode } from 'react';
import type { MinimalSourceDetailsDTO } from '../../../common/dto';

export interface SourceChoiceListProps {
  title: string;
  empty: string;
  sources: readonly MinimalSourceDetailsDTO[];
  actionLabel: string;
  tone: 'danger' | 'secondary';
  onAction: (source: MinimalSourceDetailsDTO) => void;
}

export function SourceChoiceList({ title, empty, sources, actionLabel, tone, onAction }: SourceChoiceListProps): ReactNode {
  return (
    <section className="source-assigner__column" aria-label={title}>
      <h2 className="source-assigner__title">{title}</h2>
      {sources.length === 0 ? (
        <p className="source-assigner__empty">{empty}</p>
      ) : (
        <ul className="source-assigner__list">
          {sources.map((source) => (
            <li key={source.sourceId ?? source.sourceName} className="source-assigner__item">
              <span>
                <strong>{source.sourceName}</strong> <small>{[source.sourceTypeProducer, source.sourceTypeModel, source.sourceTypeCatalogVersion].join(' ')}</small>
              </span>
              <button
                type="button"
                className={`button button--${tone} button--small`}
                aria-label={`${actionLabel} ${source.sourceName}`}
                onClick={() => onAction(source)}
              >
                {actionLabel}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
