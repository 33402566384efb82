/**
 * A shell block's commands as argument lists: backslash-continued lines
 * joined, `# comments` dropped, `&&` and `;` separating commands, single and
 * double quotes honoured. Anything fancier (pipes, redirections, `$VAR`,
 * subshells) is returned as `unsupported`, so the checker can say so.
 */
export function splitShellCommands(body: string): { commands: string[][]; unsupported?: string } {
  const text = body.replace(/\\\n/g, ' ');
  const commands: string[][] = [];
  for (const line of text.split('\n')) {
    let words: string[] = [];
    let word: string | undefined;
    let quote: '"' | "'" | undefined;
    for (let i = 0; i < line.length; i++) {
      const c = line[i]!;
      if (quote !== undefined) {
        if (c === quote) quote = undefined;
        else word = (word ?? '') + c;
      } else if (c === '"' || c === "'") {
        quote = c;
        word ??= '';
      } else if (c === '#' && word === undefined) {
        break;
      } else if (c === ' ' || c === '\t') {
        if (word !== undefined) words.push(word);
        word = undefined;
      } else if (c === ';' || (c === '&' && line[i + 1] === '&')) {
        if (word !== undefined) words.push(word);
        word = undefined;
        if (words.length > 0) commands.push(words);
        words = [];
        if (c === '&') i++;
      } else if ('|<>$`()'.includes(c)) {
        return { commands, unsupported: line.trim() };
      } else {
        word = (word ?? '') + c;
      }
    }
    if (quote !== undefined) return { commands, unsupported: line.trim() };
    if (word !== undefined) words.push(word);
    if (words.length > 0) commands.push(words);
  }
  return { commands };
}
