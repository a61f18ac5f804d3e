import { LitElement, html, nothing } from 'lit';
import { live } from 'lit/directives/live.js';
import { baseStyles } from '../shared/base-styles';
import { emit } from '../shared/emit';
import { roleEditorStyles } from './role-editor.styles';
import {
  offerableAuthorities, offerableOrganizations, offerableProjects, roleFromSelection, sameRole, withoutRole,
} from './role-rules';
import type {
  AuthorityOption, OrganizationOption, ProjectOption, RoleDTO, RoleSelection, RolesChangeDetail,
} from './role-types';

const EMPTY_SELECTION: RoleSelection = { authorityName: '', organizationId: '', projectId: '' };

/**
 * Edits a user's roles: a table of the current roles with remove buttons, and an add row with an authority
 * selector followed by an organization or project selector depending on the authority's scope.
 *
 * Only ROLE_SYS_ADMIN, ROLE_ORGANIZATION_ADMIN and ROLE_PROJECT_ADMIN are offered; global authorities already held,
 * and organizations or projects already held with the chosen authority, are left out. Adding a role that is already
 * present shows `errorAlreadyExistLabel` (i18n key userManagement.role.error.alreadyExist) instead.
 *
 * The element keeps its own `roles` up to date and announces every change, so it works controlled (React sets
 * `roles` back from the event) or uncontrolled.
 *
 * @tag mp-role-editor
 *
 * @attr disabled - Disables every control.
 * @attr authority-label, organization-label, project-label, target-column-label, actions-label, placeholder-label,
 *   add-label, remove-label, no-roles-label, error-already-exist-label - Label texts (English defaults).
 *
 * @prop {RoleDTO[]} roles - The current roles. Never mutated; changes produce a new array.
 * @prop {AuthorityOption[]} authorities - All authorities with their scope (e.g. from GET api/authorities).
 * @prop {OrganizationOption[]} organizations - Organizations that can be chosen (`{id, name}`).
 * @prop {ProjectOption[]} projects - Projects that can be chosen (`{id, projectName}`).
 * @prop {boolean} disabled
 * @prop {string} authorityLabel - Default "Authority".
 * @prop {string} organizationLabel - Default "Organization".
 * @prop {string} projectLabel - Default "Project".
 * @prop {string} targetColumnLabel - Header of the project/organization column. Default "Project or organization".
 * @prop {string} actionsLabel - Header of the button column, for screen readers. Default "Actions".
 * @prop {string} placeholderLabel - Empty option of each selector. Default "Choose...".
 * @prop {string} addLabel - Default "Add role".
 * @prop {string} removeLabel - Default "Remove".
 * @prop {string} noRolesLabel - Shown when there are no roles. Default "No roles assigned.".
 * @prop {string} errorAlreadyExistLabel - Shown on adding a duplicate. Default "This role has already been assigned.".
 *
 * @event {CustomEvent<RolesChangeDetail>} mp-roles-change - After a role was added or removed; `detail.roles` is a
 *   new array.
 *
 * @csspart table - The roles table.
 * @csspart remove-button - Each row's remove button.
 * @csspart form - The add row.
 * @csspart authority-select - The authority selector.
 * @csspart target-select - The organization or project selector.
 * @csspart add-button - The add button.
 * @csspart error - The "already exists" message.
 *
 * @cssproperty --mp-color-primary, --mp-color-danger, --mp-color-border, --mp-color-text, --mp-color-muted,
 *   --mp-color-surface, --mp-color-focus, --mp-space, --mp-radius, --mp-font-size, --mp-font-size-small
 */
export class RoleEditor extends LitElement {
  static override styles = [baseStyles, roleEditorStyles];

  static override properties = {
    roles: { attribute: false },
    authorities: { attribute: false },
    organizations: { attribute: false },
    projects: { attribute: false },
    disabled: { type: Boolean, reflect: true },
    authorityLabel: { attribute: 'authority-label' },
    organizationLabel: { attribute: 'organization-label' },
    projectLabel: { attribute: 'project-label' },
    targetColumnLabel: { attribute: 'target-column-label' },
    actionsLabel: { attribute: 'actions-label' },
    placeholderLabel: { attribute: 'placeholder-label' },
    addLabel: { attribute: 'add-label' },
    removeLabel: { attribute: 'remove-label' },
    noRolesLabel: { attribute: 'no-roles-label' },
    errorAlreadyExistLabel: { attribute: 'error-already-exist-label' },
    selection: { state: true },
    showAlreadyExists: { state: true },
  };

  declare roles: RoleDTO[];
  declare authorities: AuthorityOption[];
  declare organizations: OrganizationOption[];
  declare projects: ProjectOption[];
  declare disabled: boolean;
  declare authorityLabel: string;
  declare organizationLabel: string;
  declare projectLabel: string;
  declare targetColumnLabel: string;
  declare actionsLabel: string;
  declare placeholderLabel: string;
  declare addLabel: string;
  declare removeLabel: string;
  declare noRolesLabel: string;
  declare errorAlreadyExistLabel: string;
  declare protected selection: RoleSelection;
  declare protected showAlreadyExists: boolean;

  constructor() {
    super();
    this.roles = [];
    this.authorities = [];
    this.organizations = [];
    this.projects = [];
    this.disabled = false;
    this.authorityLabel = 'Authority';
    this.organizationLabel = 'Organization';
    this.projectLabel = 'Project';
    this.targetColumnLabel = 'Project or organization';
    this.actionsLabel = 'Actions';
    this.placeholderLabel = 'Choose...';
    this.addLabel = 'Add role';
    this.removeLabel = 'Remove';
    this.noRolesLabel = 'No roles assigned.';
    this.errorAlreadyExistLabel = 'This role has already been assigned.';
    this.selection = EMPTY_SELECTION;
    this.showAlreadyExists = false;
  }

  // React or a page may hand in null/undefined while data loads; treat that as empty rather than crash in render.
  private get currentRoles(): RoleDTO[] {
    return this.roles ?? [];
  }

  private get selectedAuthority(): AuthorityOption | undefined {
    return (this.authorities ?? []).find((a) => a.name === this.selection.authorityName);
  }

  private get pendingRole(): RoleDTO | null {
    return roleFromSelection(this.selection, this.authorities ?? [], this.organizations ?? [], this.projects ?? []);
  }

  private select(change: Partial<RoleSelection>) {
    this.selection = { ...this.selection, ...change };
    this.showAlreadyExists = false;
  }

  private onAuthorityChange(event: Event) {
    // The organization or project belongs to the previous authority's scope: start over.
    this.select({ authorityName: (event.target as HTMLSelectElement).value, organizationId: '', projectId: '' });
  }

  private onTargetChange(event: Event) {
    const value = (event.target as HTMLSelectElement).value;
    this.select(this.selectedAuthority?.scope === 'ORGANIZATION' ? { organizationId: value } : { projectId: value });
  }

  private addRole() {
    const role = this.pendingRole;
    if (this.disabled || !role) return;
    const roles = this.currentRoles;
    if (roles.some((r) => sameRole(r, role))) {
      this.showAlreadyExists = true;
      return;
    }
    this.selection = EMPTY_SELECTION;
    this.changeRoles([...roles, role]);
  }

  private removeRole(role: RoleDTO) {
    if (this.disabled) return;
    this.showAlreadyExists = false;
    this.changeRoles(withoutRole(this.currentRoles, role));
  }

  private changeRoles(roles: RoleDTO[]) {
    this.roles = roles;
    emit<RolesChangeDetail>(this, 'mp-roles-change', { roles });
  }

  private renderRow(role: RoleDTO) {
    const target = role.projectName ?? role.organizationName ?? '';
    return html`<tr class="role-editor__row">
      <td>${role.authorityName}</td>
      <td>${target}</td>
      <td>
        <button type="button" class="button button--danger" part="remove-button"
          aria-label=${`${this.removeLabel}: ${role.authorityName}${target ? ` ${target}` : ''}`}
          ?disabled=${this.disabled} @click=${() => this.removeRole(role)}>${this.removeLabel}</button>
      </td>
    </tr>`;
  }

  private renderTargetSelect(authority: AuthorityOption | undefined) {
    if (authority?.scope === 'ORGANIZATION') {
      const options = offerableOrganizations(this.organizations ?? [], this.currentRoles, authority.name)
        .map((o) => ({ value: String(o.id), text: o.name }));
      return this.renderSelect('target', this.organizationLabel, options, this.selection.organizationId,
        (e) => this.onTargetChange(e));
    }
    if (authority?.scope === 'PROJECT') {
      const options = offerableProjects(this.projects ?? [], this.currentRoles, authority.name)
        .map((p) => ({ value: String(p.id), text: p.projectName }));
      return this.renderSelect('target', this.projectLabel, options, this.selection.projectId,
        (e) => this.onTargetChange(e));
    }
    return nothing;
  }

  // `.selected` with live() on each option (rather than `.value` on the select) because the options are rendered
  // after the select's own bindings, and the user may have changed the selection since the last render.
  private renderSelect(
    name: 'authority' | 'target', label: string, options: { value: string; text: string }[], value: string,
    onChange: (event: Event) => void,
  ) {
    return html`<label class="role-editor__field">
      <span class="role-editor__label">${label}</span>
      <select class="control" name=${name} part=${`${name}-select`} required ?disabled=${this.disabled}
        @change=${onChange}>
        <option value="" .selected=${live(value === '')}>${this.placeholderLabel}</option>
        ${options.map((o) => html`<option value=${o.value} .selected=${live(o.value === value)}>${o.text}</option>`)}
      </select>
    </label>`;
  }

  override render() {
    const roles = this.currentRoles;
    const authority = this.selectedAuthority;
    const authorityOptions = offerableAuthorities(this.authorities ?? [], roles)
      .map((a) => ({ value: a.name, text: a.name }));
    return html`
      <div class="table-wrap">
        <table class="table role-editor__table" part="table">
          <thead>
            <tr>
              <th scope="col">${this.authorityLabel}</th>
              <th scope="col">${this.targetColumnLabel}</th>
              <th scope="col"><span class="visually-hidden">${this.actionsLabel}</span></th>
            </tr>
          </thead>
          <tbody>
            ${roles.length
              ? roles.map((role) => this.renderRow(role))
              : html`<tr><td colspan="3" class="message--muted">${this.noRolesLabel}</td></tr>`}
          </tbody>
        </table>
      </div>
      <div class="role-editor__form" part="form">
        ${this.renderSelect('authority', this.authorityLabel, authorityOptions, this.selection.authorityName,
          (e) => this.onAuthorityChange(e))}
        ${this.renderTargetSelect(authority)}
        <button type="button" class="button button--primary role-editor__add" part="add-button"
          ?disabled=${this.disabled || !this.pendingRole} @click=${this.addRole}>${this.addLabel}</button>
      </div>
      ${this.showAlreadyExists
        ? html`<p class="message message--error" role="alert" part="error">${this.errorAlreadyExistLabel}</p>`
        : nothing}
    `;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mp-role-editor': RoleEditor;
  }
  interface HTMLElementEventMap {
    'mp-roles-change': CustomEvent<RolesChangeDetail>;
  }
}
