// Types of widgets-manifest.mjs: the part of the Custom Elements Manifest schema 2.x it writes.
export const SCHEMA_VERSION: string;

export interface CemType {
  text: string;
}

export interface CemAttribute {
  name: string;
  type?: CemType;
  default?: string;
  description: string;
  fieldName?: string;
}

export interface CemField {
  kind: 'field';
  name: string;
  privacy: 'public';
  type?: CemType;
  default?: string;
  description: string;
  attribute?: string;
}

export interface CemEvent {
  name: string;
  type?: CemType;
  description: string;
}

export interface CemNamed {
  name: string;
  description: string;
  default?: string;
}

export interface CemReference {
  name: string;
  module?: string;
  package?: string;
}

export interface CemCustomElement {
  kind: 'class';
  customElement: true;
  name: string;
  tagName: string;
  description: string;
  superclass?: CemReference;
  attributes: CemAttribute[];
  members: CemField[];
  events: CemEvent[];
  slots: CemNamed[];
  cssParts: CemNamed[];
  cssProperties: CemNamed[];
}

export interface CemExport {
  kind: 'js' | 'custom-element-definition';
  name: string;
  declaration: CemReference;
}

export interface CemModule {
  kind: 'javascript-module';
  path: string;
  declarations: CemCustomElement[];
  exports: CemExport[];
}

export interface CustomElementsManifest {
  schemaVersion: string;
  modules: CemModule[];
}

export interface SourceFile {
  path: string;
  text: string;
}

export function manifestFromSources(
  files: SourceFile[],
  options?: {
    labelKeys?: Record<string, Record<string, string>>;
    dictionaries?: Record<string, unknown>;
    bundle?: string;
  },
): CustomElementsManifest;

export function widgetsManifest(root: string): CustomElementsManifest;
