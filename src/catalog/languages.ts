/**
 * The language tags a catalog may use: an ISO 639-1 language, optionally with an ISO 3166-1 alpha-2 region
 * (`en`, `de-ch`), lower case as the schema's pattern writes them. BCP 47 (RFC 5646 §2.2.1, §2.2.4) takes these
 * subtags from the same two standards; a tag outside them (`xx`, `qq`, `en-uk`) names no language a page can be
 * written in, and would reach scanners' `Accept-Language` matching and the pages' `lang` as it is.
 */

/**
 * ISO 639-1 two-letter codes as the ISO 639 registration authority lists them, without the withdrawn ones (`in`,
 * `iw`, `ji`, `jw`, `mo`, `sh`: use `id`, `he`, `yi`, `jv`, `ro`, and `sr`, `hr` or `bs`).
 */
const ISO_639_1 = new Set(
  (
    'aa ab ae af ak am an ar as av ay az ba be bg bh bi bm bn bo br bs ca ce ch co cr cs cu cv cy da de dv dz ee ' +
    'el en eo es et eu fa ff fi fj fo fr fy ga gd gl gn gu gv ha he ho hr ht hu hy hz ia id ie ig ii ik io is it ' +
    'iu ja jv ka kg ki kj kk kl km kn ko kr ks ku kv kw ky la lb lg li ln lo lt lu lv mg mh mi mk ml mn mr ms mt ' +
    'my na nb nd ne ng nl nn no nr nv ny oc oj om or os pa pi pl ps pt qu rm rn ro ru rw sa sc sd se sg si sk sl ' +
    'sm sn so sq sr ss st su sv sw ta te tg th ti tk tl tn to tr ts tt tw ty ug uk ur uz ve vi vo wa wo xh yi yo ' +
    'za zh zu'
  ).split(' '),
)

/** ISO 3166-1 alpha-2: the 249 officially assigned country codes. */
const ISO_3166_1 = new Set(
  (
    'ad ae af ag ai al am ao aq ar as at au aw ax az ba bb bd be bf bg bh bi bj bl bm bn bo bq br bs bt bv bw by ' +
    'bz ca cc cd cf cg ch ci ck cl cm cn co cr cu cv cw cx cy cz de dj dk dm do dz ec ee eg eh er es et fi fj fk ' +
    'fm fo fr ga gb gd ge gf gg gh gi gl gm gn gp gq gr gs gt gu gw gy hk hm hn hr ht hu id ie il im in io iq ir ' +
    'is it je jm jo jp ke kg kh ki km kn kp kr kw ky kz la lb lc li lk lr ls lt lu lv ly ma mc md me mf mg mh mk ' +
    'ml mm mn mo mp mq mr ms mt mu mv mw mx my mz na nc ne nf ng ni nl no np nr nu nz om pa pe pf pg ph pk pl pm ' +
    'pn pr ps pt pw py qa re ro rs ru rw sa sb sc sd se sg sh si sj sk sl sm sn so sr ss st sv sx sy sz tc td tf ' +
    'tg th tj tk tl tm tn to tr tt tv tw tz ua ug um us uy uz va vc ve vg vi vn vu wf ws ye yt za zm zw'
  ).split(' '),
)

/**
 * Why `tag` (one the schema's pattern accepts: `ll` or `ll-rr`) is no known language tag, or null when it is one.
 *
 * @example unknownLanguage('de-ch') // null
 * @example unknownLanguage('en-xx') // "'en-xx': 'xx' is not an ISO 3166-1 region code"
 */
export function unknownLanguage(tag: string): string | null {
  const [language = '', region] = tag.split('-')
  const which = region === undefined ? '' : `'${tag}': `
  if (!ISO_639_1.has(language)) return `${which}'${language}' is not an ISO 639-1 language code`
  if (region !== undefined && !ISO_3166_1.has(region))
    return `${which}'${region}' is not an ISO 3166-1 region code`
  return null
}
