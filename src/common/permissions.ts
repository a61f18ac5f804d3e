// The one import point for authorization: the permission list and matrix (api.md §3.2) and the evaluation
// algorithm (§3.3). Split over two files so each stays readable; import from here.
export * from './permission-matrix';
export * from './permission-check';
