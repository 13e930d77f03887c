import { render, screen } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { useRequireSession } from './require-session.ts';

// Outside an IonPage there are no view events; the mount check is what this test is about.
vi.mock('@ionic/react', () => ({ useIonViewWillEnter: () => undefined }));

let renders = 0;

/** A private page kept mounted (as Ionic keeps left pages) whose return_url follows the URL. */
function PrivatePage() {
  const location = useLocation();
  useRequireSession(`payumoney${location.search}`);
  renders += 1;
  return null;
}

function LoginProbe() {
  const location = useLocation();
  return <p>at {`${location.pathname}${location.search}`}</p>;
}

function Harness() {
  const [, rerender] = useState(0);
  return (
    <>
      <PrivatePage />
      <Routes>
        <Route path="/login" element={<LoginProbe />} />
        <Route path="*" element={null} />
      </Routes>
      <button type="button" onClick={() => rerender((n) => n + 1)}>
        again
      </button>
    </>
  );
}

describe('useRequireSession', () => {
  it('sends an anonymous visitor to sign in once, even when the kept page re-renders', async () => {
    localStorage.clear();
    render(
      <MemoryRouter initialEntries={['/payumoney']}>
        <Harness />
      </MemoryRouter>,
    );
    expect(await screen.findByText('at /login?return_url=payumoney')).toBeInTheDocument();
    screen.getByRole('button', { name: 'again' }).click();
    screen.getByRole('button', { name: 'again' }).click();
    expect(await screen.findByText('at /login?return_url=payumoney')).toBeInTheDocument();
    expect(renders).toBeGreaterThan(1);
  });
});
