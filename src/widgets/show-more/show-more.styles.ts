import { css } from 'lit';

export const showMoreStyles = css`
  .show-more__list {
    margin: 0;
    padding: 0;
    list-style: none;
  }

  .show-more__item {
    overflow-wrap: anywhere;
  }

  .show-more__toggle {
    margin-top: calc(var(--mp-space, 0.5rem) * 0.25);
    font-size: var(--mp-font-size-small, 0.875rem);
  }
`;
