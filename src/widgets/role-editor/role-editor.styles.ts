import { css } from 'lit';

export const roleEditorStyles = css`
  .role-editor__form {
    display: flex;
    flex-wrap: wrap;
    align-items: flex-end;
    gap: var(--mp-space, 0.5rem);
    margin-top: var(--mp-space, 0.5rem);
  }

  /* Two selectors and the button share a row on wide screens and stack below ~360 px. */
  .role-editor__field {
    display: flex;
    flex: 1 1 10rem;
    flex-direction: column;
    min-width: 0;
    gap: calc(var(--mp-space, 0.5rem) * 0.25);
  }

  .role-editor__label {
    font-size: var(--mp-font-size-small, 0.875rem);
    font-weight: 600;
  }

  .role-editor__add {
    flex: 0 0 auto;
  }

  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
  }
`;
