// JSX typings for the Lit widgets (src/widgets), so `<mp-role-editor roles={roles} onmp-roles-change={...}>`
// type-checks. React 19 sets these as DOM properties on the defined elements and turns `on<event-name>` props into
// event listeners. The elements are defined by the widgets chunk main.tsx loads before any lazy page renders.
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type {
  DictionaryChangeEvent,
  DictionaryEditor,
  RoleEditor,
  RolesChangeEvent,
  ShowMore,
  ShowMoreToggleEvent,
} from '../../widgets/index';

type WidgetProps<E extends HTMLElement, K extends keyof E> = Omit<DetailedHTMLProps<HTMLAttributes<E>, E>, K & string> &
  Partial<Pick<E, K>>;

type RoleEditorProps = WidgetProps<
  RoleEditor,
  | 'roles'
  | 'authorities'
  | 'organizations'
  | 'projects'
  | 'disabled'
  | 'authorityLabel'
  | 'organizationLabel'
  | 'projectLabel'
  | 'targetColumnLabel'
  | 'actionsLabel'
  | 'placeholderLabel'
  | 'addLabel'
  | 'removeLabel'
  | 'noRolesLabel'
  | 'errorAlreadyExistLabel'
> & { 'onmp-roles-change'?: (event: RolesChangeEvent) => void };

type DictionaryEditorProps = WidgetProps<
  DictionaryEditor,
  | 'value'
  | 'allowedKeys'
  | 'disabled'
  | 'keyLabel'
  | 'valueLabel'
  | 'placeholderLabel'
  | 'addLabel'
  | 'removeLabel'
  | 'requiredLabel'
  | 'emptyLabel'
> & { 'onmp-dictionary-change'?: (event: DictionaryChangeEvent) => void };

type ShowMoreProps = WidgetProps<ShowMore, 'items' | 'limit' | 'expanded' | 'showMoreLabel' | 'showLessLabel'> & {
  'onmp-show-more-toggle'?: (event: ShowMoreToggleEvent) => void;
};

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'mp-role-editor': RoleEditorProps;
      'mp-dictionary-editor': DictionaryEditorProps;
      'mp-show-more': ShowMoreProps;
    }
  }
}
