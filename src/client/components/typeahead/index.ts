export { Typeahead, type TypeaheadProps } from './typeahead';
