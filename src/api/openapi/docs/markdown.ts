/** The Markdown subset the OpenAPI descriptions use (CommonMark: paragraphs, `-` lists, code spans) as escaped HTML. */
import { escapeHtml } from '../../../html/layout.ts'

/** Code spans (CommonMark 0.31 §6.1, single backticks) over escaped text; an unmatched backtick stays text. */
export function inlineMarkdown(text: string): string {
  return escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>')
}

interface Block {
  readonly kind: 'p' | 'ul'
  /** Paragraph lines, or one entry per list item. */
  readonly lines: string[]
}

/** Groups lines into blocks: a blank line ends a block, `- ` starts a list item, other lines continue the block. */
function blocksOf(text: string): Block[] {
  const blocks: Block[] = []
  let current: Block | null = null
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim()
    const item = /^[-*] /.test(line)
    if (line === '') {
      current = null
    } else if (current === null || (item && current.kind !== 'ul')) {
      current = item ? { kind: 'ul', lines: [line.slice(2)] } : { kind: 'p', lines: [line] }
      blocks.push(current)
    } else if (item) {
      current.lines.push(line.slice(2))
    } else {
      // A lazy continuation line (CommonMark §5.2): it joins the paragraph or the last list item.
      const last = current.lines.length - 1
      current.lines[last] = `${current.lines[last]} ${line}`
    }
  }
  return blocks
}

/** Paragraphs and lists as HTML; every character of the input is escaped. */
export function markdown(text: string): string {
  return blocksOf(text)
    .map((block) =>
      block.kind === 'p'
        ? `<p>${inlineMarkdown(block.lines[0] ?? '')}</p>`
        : `<ul>${block.lines.map((item) => `<li>${inlineMarkdown(item)}</li>`).join('')}</ul>`,
    )
    .join('')
}
