export { Modal, type ModalProps } from './modal';
export { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';
export { focusableIn, trapTab } from './focus-trap';
export { SaveCancelFooter, type SaveCancelFooterProps } from './save-cancel-footer';
export { CancelButton } from './cancel-button';
export { useGuardedClose } from './discard-guard';
