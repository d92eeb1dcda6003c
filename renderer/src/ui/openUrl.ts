/**
 * Spec §2 module card navigation: a static html page by full load, http links in a new tab,
 * otherwise an in-app route.
 */
export function openUrl(url: string, navigate: (to: string) => void, statichtml = false): void {
  if (statichtml || /\.html?($|[?#])/i.test(url)) {
    window.location.href = url;
  } else if (/^https?:\/\//i.test(url)) {
    window.open(url, '_blank', 'noopener');
  } else {
    navigate(url.startsWith('/') ? url : `/${url}`);
  }
}
