// Something loaded once and kept — a module imported on demand, a catalog, a provider's parts —
// for every caller after the first. Once it is there, each caller gets a promise of its own of it,
// not the first caller's promise again: a kept promise carries the async context of whoever made
// it to whatever awaits it later, and Node's test runner files a test declared after such an
// await under the test that first loaded it, which may have ended ("its parent finished").
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  let loaded: { value: T } | undefined;
  return () => {
    if (loaded) return Promise.resolve(loaded.value);
    loading ??= load().then((value) => {
      loaded = { value };
      return value;
    });
    return loading;
  };
}
