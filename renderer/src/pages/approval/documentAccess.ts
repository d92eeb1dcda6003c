import { fetchMenu } from '../../api/meta';

export interface DocumentAccess {
  read: boolean;
  print: boolean;
}

/** The material request screens (metadata/logistic/requests.yaml) whose letters decide access. */
const MR_SCREEN = /^\/?aircraft-logistic\/mr-(list|myself|approved|form)\b/;

let cached: { user: string; promise: Promise<DocumentAccess> } | null = null;

/**
 * What the user may do with material requests, from their menu letters in the logistic module
 * (R read, P print). A user routed an approval from another department may have neither: the form
 * then prints the task history instead of asking for a print it would be refused (a 403 the browser
 * would log). Cached per user and company for the page's life; any failure counts as no access.
 */
export function materialRequestAccess(user: string): Promise<DocumentAccess> {
  if (cached && cached.user === user) return cached.promise;
  const promise = fetchMenu('aircraft-logistic').then(
    (menu) => {
      const letters = (Array.isArray(menu) ? menu : [])
        .filter((m) => typeof m.url === 'string' && MR_SCREEN.test(m.url))
        .map((m) => String(m.permission ?? '').toUpperCase())
        .join('');
      return { read: letters.includes('R'), print: letters.includes('P') };
    },
    () => ({ read: false, print: false }),
  );
  cached = { user, promise };
  return promise;
}
