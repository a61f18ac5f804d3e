export { MoreMenu, type MoreMenuItem, type MoreMenuProps } from './more-menu';
export { RowActions, useRowActionName, type RowActionsProps } from './row-actions';
