// A source data row's source type as a link to its detail page (producer model catalogVersion), or "none".
import type { ReactNode } from 'react';
import type { MinimalSourceTypeDTO } from '../../../common/dto';
import { pathOf } from '../../lib/app-url';
import { useT } from '../../lib/i18n-react';
import { Link } from '../../lib/router-react';

export function SourceTypeLink({ sourceType }: { sourceType: MinimalSourceTypeDTO | undefined }): ReactNode {
  const t = useT();
  if (!sourceType?.producer || !sourceType.model || !sourceType.catalogVersion) return t('managementPortalApp.sourceData.noSourceType');
  const { producer, model, catalogVersion } = sourceType;
  return <Link to={pathOf('source-type', producer, model, catalogVersion)}>{`${producer} ${model} ${catalogVersion}`}</Link>;
}
