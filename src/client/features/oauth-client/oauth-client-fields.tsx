// The inputs of the OAuth client dialog: id (read-only when editing), secret with Randomize and the
// public-client checkbox, the comma-separated lists, validities, grant type checkboxes and dynamic registration.
import type { ReactNode } from 'react';
import { Checkbox, TextField, type Form } from '../../components/form';
import { useT } from '../../lib/i18n-react';
import { GRANT_TYPES, randomSecret, type ClientFormValues } from './client-form-model';

export function OAuthClientFields({ form, editing }: { form: Form<ClientFormValues>; editing: boolean }): ReactNode {
  const t = useT();
  const label = (field: string) => t(`managementPortalApp.oauthClient.${field}`);
  const listHint = label('listHint');
  const { values } = form;
  const toggleGrant = (grant: string, on: boolean) =>
    form.set('grantTypes', on ? [...values.grantTypes, grant] : values.grantTypes.filter((g) => g !== grant));

  return (
    <>
      <TextField label={label('clientId')} required readOnly={editing} {...form.field('clientId')} />
      <div className="oauth-client__secret">
        <TextField
          label={label('clientSecret')}
          required={!editing && !values.publicClient}
          disabled={values.publicClient}
          hint={editing ? label('secretKeep') : undefined}
          autoComplete="off"
          {...form.field('clientSecret')}
        />
        <button
          type="button"
          className="button button--secondary button--small"
          disabled={values.publicClient}
          onClick={() => form.set('clientSecret', randomSecret())}
        >
          {label('randomize')}
        </button>
      </div>
      <Checkbox label={label('publicClient')} {...form.field('publicClient')} />
      <TextField label={label('scope')} required hint={listHint} {...form.field('scope')} />
      <TextField label={label('resourceIds')} required hint={listHint} {...form.field('resourceIds')} />
      <TextField label={label('accessTokenValidity')} required inputMode="numeric" {...form.field('accessTokenValiditySeconds')} />
      <TextField label={label('refreshTokenValidity')} required inputMode="numeric" {...form.field('refreshTokenValiditySeconds')} />
      <fieldset className="oauth-client__grants">
        <legend>{label('authorizedGrantTypes')}</legend>
        {GRANT_TYPES.map((grant) => (
          <Checkbox key={grant} label={grant} name={`grant-${grant}`} value={values.grantTypes.includes(grant)} onChange={(on) => toggleGrant(grant, on)} />
        ))}
      </fieldset>
      <TextField label={label('autoApproveScopes')} hint={listHint} {...form.field('autoApproveScopes')} />
      <TextField label={label('registeredRedirectUri')} hint={listHint} {...form.field('registeredRedirectUri')} />
      <Checkbox label={label('dynamicRegistration')} {...form.field('dynamicRegistration')} />
    </>
  );
}
