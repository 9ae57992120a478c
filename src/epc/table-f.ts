/** TDS 2.3 Table F (how each AI value is encoded in +AIDC data) and Table K (AI lengths), in compact form. */

/**
 * Component codes (TDS 2.3 §14.5; Table F columns b–h, i–o):
 *   N<d>        fixed-length numeric, d BCD digits (§14.5.4)
 *   B<d>.<e>    fixed-bit-length numeric string, d digits in e bits (§14.5.2)
 *   A<li>.<max> variable-length alphanumeric: 3-bit encoding indicator, li-bit length (§14.5.6)
 *   V<li>.<max> variable-length numeric string without encoding indicator (§14.5.13)
 *   X<li>.<max> delimited/terminated numeric, then A<li>.<max> after the delimiter (§14.5.5)
 *   D date YYMMDD (§14.5.8)            T date+time YYMMDDhhmm (§14.5.9)
 *   R date or date range (§14.5.10)    P variable-precision date+time (§14.5.11)
 *   C country code (§14.5.12)          S single data bit (§14.5.7)
 *   Q sequence indicator (§14.5.15)    M optional minus sign in 1 bit (§14.5.14)
 * Two components are joined by `+`. AI patterns: `[a-b]` stands for each digit from a to b.
 */
const ROWS: ReadonlyArray<readonly [string, string]> = [
  ['00 8006 8017 8018 8026', 'N18'],
  ['01 02', 'N14'],
  ['10 21 22 243 254 420 4318 702[0-2] 71[0-6] 7240 8002 8012', 'A5.20'],
  ['11 12 13 15 16 17 4326 7006', 'D'],
  ['20', 'B2.7'],
  ['235', 'A5.28'],
  ['240 241 250 251 400 401 403 4308 4319 7002 723[0-9] 90', 'A5.30'],
  ['242', 'V3.6'],
  ['253', 'N13+A5.17'],
  ['255', 'N13+V4.12'],
  ['30 37', 'V4.8'],
  ['31[0-6][0-5] 32[0-9][0-5] 33[0-7][0-5] 34[0-9][0-5] 35[0-7][0-5] 36[0-9][0-5] 395[0-3] 8005', 'B6.20'],
  ['390[0-9] 392[0-9] 423 425', 'V4.15'],
  ['391[0-9] 393[0-9]', 'B3.10+V4.15'],
  ['394[0-3] 8111', 'B4.14'],
  ['402', 'B17.57'],
  ['41[0-7]', 'N13'],
  ['421', 'B3.10+A4.9'],
  ['422 424 426', 'B3.10'],
  ['427 7008', 'A2.3'],
  ['4300 4301 4310 4311 4320', 'A6.35'],
  ['430[2-6] 431[2-6] 7257 8110 8112 8200', 'A7.70'],
  ['4307 4317', 'C'],
  ['4309', 'B20.67'],
  ['432[1-3]', 'S'],
  ['4324 4325 7003', 'T'],
  ['433[0-3]', 'B6.20+M'],
  ['7001', 'B13.44'],
  ['7004', 'V3.4'],
  ['7005', 'A4.12'],
  ['7007', 'R'],
  ['7009 7255', 'A4.10'],
  ['7010', 'A2.2'],
  ['7011 8008', 'P'],
  ['7023 8004 8010', 'X5.30'],
  ['703[0-9]', 'B3.10+A5.27'],
  ['7040 7041', 'A3.4'],
  ['7241', 'N2'],
  ['7242 8013 8020', 'A5.25'],
  ['7250', 'B8.27'],
  ['7251', 'B12.40'],
  ['7252', 'B1.4'],
  ['7253 7254 7259', 'A6.40'],
  ['7256 8030 9[1-9]', 'A7.90'],
  ['7258', 'Q'],
  ['8001', 'B14.47'],
  ['8003', 'N14+A5.16'],
  ['8007', 'A5.24'],
  ['8009', 'A6.50'],
  ['8011', 'V4.12'],
  ['8019', 'V4.10'],
]

/** Table K: the AI length (2, 3 or 4 digits) from its first two digits; other prefixes are no AI. */
const TABLE_K: ReadonlyArray<readonly [number, string]> = [
  [2, '00 01 02 10 11 12 13 15 16 17 20 21 22 30 37 90 91 92 93 94 95 96 97 98 99'],
  [3, '23 24 25 40 41 42 71'],
  [4, '31 32 33 34 35 36 39 43 70 72 80 81 82'],
]

/** Every AI of a pattern such as `31[0-6][0-5]`, in ascending order. */
export function expandAiPattern(pattern: string): string[] {
  let out = ['']
  for (const part of pattern.match(/\[\d-\d\]|\d/g) ?? []) {
    const lo = part.length === 1 ? Number(part) : Number(part[1])
    const hi = part.length === 1 ? lo : Number(part[3])
    const next: string[] = []
    for (const prefix of out) for (let d = lo; d <= hi; d++) next.push(prefix + d)
    out = next
  }
  return out
}

/** The compact Table F: AI → component code string (e.g. `'B3.10+A5.27'`). */
export function tableFRows(): Map<string, string> {
  const rows = new Map<string, string>()
  for (const [pattern, spec] of ROWS) {
    for (const token of pattern.split(' ')) for (const ai of expandAiPattern(token)) rows.set(ai, spec)
  }
  return rows
}

/** AI length per two-digit prefix 00–99, 0 where Table K has no row. */
export function tableKLengths(): Uint8Array {
  const lengths = new Uint8Array(100)
  for (const [length, prefixes] of TABLE_K) for (const p of prefixes.split(' ')) lengths[Number(p)] = length
  return lengths
}
