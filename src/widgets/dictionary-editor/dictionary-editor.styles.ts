import { css } from 'lit';

export const dictionaryEditorStyles = css`
  .dictionary-editor__list {
    margin: 0;
    padding: 0;
    list-style: none;
  }

  .dictionary-editor__entry {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: calc(var(--mp-space, 0.5rem) * 0.5);
    padding: calc(var(--mp-space, 0.5rem) * 0.5) 0;
    border-bottom: 1px solid var(--mp-color-border, #dee2e6);
  }

  .dictionary-editor__key {
    font-weight: 600;
  }

  .dictionary-editor__arrow {
    color: var(--mp-color-muted, #6c757d);
  }

  /* The value takes the remaining width and wraps long URLs instead of widening the dialog. */
  .dictionary-editor__value {
    flex: 1 1 8rem;
    min-width: 0;
    overflow-wrap: anywhere;
  }

  .dictionary-editor__form {
    display: flex;
    flex-wrap: wrap;
    align-items: flex-start;
    gap: var(--mp-space, 0.5rem);
    margin-top: var(--mp-space, 0.5rem);
  }

  .dictionary-editor__field {
    display: flex;
    flex: 1 1 10rem;
    flex-direction: column;
    min-width: 0;
    gap: calc(var(--mp-space, 0.5rem) * 0.25);
  }

  .dictionary-editor__label {
    font-size: var(--mp-font-size-small, 0.875rem);
    font-weight: 600;
  }

  /* Lines the button up with the controls, below the field labels. */
  .dictionary-editor__add {
    flex: 0 0 auto;
    align-self: flex-end;
  }
`;
