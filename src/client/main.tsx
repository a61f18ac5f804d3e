// Entry point. A first home page until the full shell lands: the anonymous notice with a sign-in link.
import { createRoot } from 'react-dom/client';
import { useEffect, useState } from 'react';
import './styles/index.css';

type Dict = Record<string, unknown>;

function lookup(dict: Dict, key: string): string {
  const value = key.split('.').reduce<unknown>((d, k) => (d as Dict | undefined)?.[k], dict);
  return typeof value === 'string' ? value : key;
}

function Home() {
  const [dict, setDict] = useState<Dict | null>(null);
  useEffect(() => {
    const lang = navigator.language?.toLowerCase().startsWith('nl') ? 'nl' : 'en';
    fetch(`i18n/${lang}.json`).then((r) => r.json()).then(setDict, () => setDict({}));
  }, []);
  if (!dict) return null;
  return (
    <main className="home">
      <h1>{lookup(dict, 'home.title')}</h1>
      <p>{lookup(dict, 'home.subtitle')}</p>
      <p>
        {lookup(dict, 'home.notice')} <a href="api/redirect/login" id="login">{lookup(dict, 'home.signIn')}</a>
      </p>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(<Home />);
