// The one import point for authorization: the permission list and matrix and the evaluation algorithm
// (docs/permissions.md). Split over two files so each stays readable; import from here.
export * from './permission-matrix';
export * from './permission-check';
