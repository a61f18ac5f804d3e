// Loads the feature screens' stylesheet (styles/features.css, built to a hashed file whose name build.mjs defines
// as __FEATURE_CSS__) once, before the first lazy page renders: the home page does not pay for it.
declare const __FEATURE_CSS__: string | undefined;

let loading: Promise<void> | null = null;

export function loadFeatureStyles(href = typeof __FEATURE_CSS__ === 'string' ? __FEATURE_CSS__ : undefined): Promise<void> {
  if (!href || typeof document === 'undefined') return Promise.resolve();
  loading ??= new Promise<void>((resolve) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    // A stylesheet that fails to load leaves the page unstyled but usable: never block rendering on it.
    link.addEventListener('load', () => resolve());
    link.addEventListener('error', () => resolve());
    document.head.appendChild(link);
  });
  return loading;
}
