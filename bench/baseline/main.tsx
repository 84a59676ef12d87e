// The bare React page the benchmark compares Cairn's first screen with: same toolchain, one
// heading, painted when Cairn's first-screen heading is: marked for the Element Timing API alike.
import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';

function Page() {
  useEffect(() => {
    performance.mark('cairn:first-screen');
  }, []);
  return <h1 {...{ elementtiming: 'first-screen' }}>Hello</h1>;
}

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <Page />
    </StrictMode>,
  );
}
