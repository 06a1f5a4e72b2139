/**
 * What a form was filled in with, kept for this tab while the browser is on another site (the payment page
 * of a wallet top-up) and taken back once on its return. Storage may be unavailable (private mode): the form
 * then starts empty, as it would anyway.
 */
export function keepDraft(key: string, values: unknown) {
  try {
    sessionStorage.setItem(`draft:${key}`, JSON.stringify(values));
  } catch {
    // nothing kept: the form starts empty on return
  }
}

/** The draft kept under `key`, removed as it is read (null when none). */
export function takeDraft<T>(key: string): T | null {
  try {
    const raw = sessionStorage.getItem(`draft:${key}`);
    sessionStorage.removeItem(`draft:${key}`);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}
