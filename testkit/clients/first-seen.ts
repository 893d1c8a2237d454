/** A list of texts in the order they were first seen, each once, empty ones left out: what a conversation reader's `texts` returns. */
export function firstSeenTexts(): { add(text: string): void; texts: string[] } {
  const seen = new Set<string>();
  const texts: string[] = [];
  return {
    texts,
    add(text) {
      if (text === '' || seen.has(text)) return;
      seen.add(text);
      texts.push(text);
    },
  };
}
