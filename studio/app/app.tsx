/**
 * The Estúdio's two screens, chosen by the address's hash so the browser's back button and a
 * reload keep the author where they were: `#/` the pages, `#/editar/<file>` the editor.
 */
import { useEffect, useState } from 'react';
import { EditorScreen } from './editor-screen.tsx';
import { PagesScreen } from './pages-screen.tsx';
import { GlobalStyles } from './ui.tsx';

function fileFromHash(hash: string): string | undefined {
  const m = /^#\/editar\/(.+)$/.exec(hash);
  if (!m) return undefined;
  try {
    return decodeURIComponent(m[1]!);
  } catch {
    return undefined;
  }
}

export function App() {
  const [hash, setHash] = useState(location.hash);
  useEffect(() => {
    const update = () => setHash(location.hash);
    addEventListener('hashchange', update);
    return () => removeEventListener('hashchange', update);
  }, []);
  const file = fileFromHash(hash);
  useEffect(() => {
    document.title = file ? `${file} · Estúdio Fillgás` : 'Páginas · Estúdio Fillgás';
  }, [file]);
  const open = (next: string) => {
    location.hash = `#/editar/${encodeURIComponent(next)}`;
  };
  return (
    <>
      <GlobalStyles />
      {file ? (
        <EditorScreen key={file} file={file} onBack={() => (location.hash = '#/')} />
      ) : (
        <PagesScreen onOpen={open} />
      )}
    </>
  );
}
