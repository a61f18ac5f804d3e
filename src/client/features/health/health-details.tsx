// The details modal of one health component: its properties, or its error text.
import type { ReactNode } from 'react';
import { Modal } from '../../components/modal';
import { useT } from '../../lib/i18n-react';
import { formatDetail } from './health-format';
import { componentLabel } from './health-labels';
import type { HealthComponent } from './health-types';

export interface HealthDetailsProps {
  name: string;
  component: HealthComponent;
  onClose: () => void;
}

export function HealthDetails({ name, component, onClose }: HealthDetailsProps): ReactNode {
  const t = useT();
  const details = Object.entries(component.details ?? {});
  const error = component.error ?? (typeof component.details?.error === 'string' ? component.details.error : undefined);
  return (
    <Modal
      title={componentLabel(t, name)}
      onClose={onClose}
      size="md"
      footer={<button type="button" className="button button--secondary" onClick={onClose}>{t('entity.action.close')}</button>}
    >
      {details.length > 0 && (
        <table className="data-table__table health-details">
          <thead>
            <tr>
              <th>{t('health.details.name')}</th>
              <th>{t('health.details.value')}</th>
            </tr>
          </thead>
          <tbody>
            {details.map(([key, value]) => (
              <tr key={key}>
                <td>{key}</td>
                <td>{formatDetail(name, value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {error && (
        <>
          <h2 className="health-details__error-title">{t('health.details.error')}</h2>
          <pre className="health-details__error">{error}</pre>
        </>
      )}
    </Modal>
  );
}
