// Entry of the `widgets` bundle: importing it registers every widget, in the React app and on any other page.
// Nothing here imports the app; the app passes data and translated labels in as properties.
export { RoleEditor, ROLE_EDITOR_TAG, defineRoleEditor } from './role-editor/define';
export { DictionaryEditor, DICTIONARY_EDITOR_TAG, defineDictionaryEditor } from './dictionary-editor/define';
export { ShowMore, SHOW_MORE_TAG, defineShowMore } from './show-more/define';
export { SHOW_MORE_DEFAULT_LIMIT } from './show-more/show-more';
export { ASSIGNABLE_AUTHORITIES } from './role-editor/role-rules';
export type {
  AuthorityOption, AuthorityScope, OrganizationOption, ProjectOption, RoleDTO, RolesChangeDetail, RolesChangeEvent,
} from './role-editor/role-types';
export type { DictionaryChangeDetail, DictionaryChangeEvent } from './dictionary-editor/dictionary-editor';
export type { ShowMoreToggleDetail, ShowMoreToggleEvent } from './show-more/show-more';
