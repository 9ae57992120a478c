/** Interface strings of the resolver's HTML views in the languages we write them in (DESIGN §6: at least en, fr, de, es). */

export type UiLanguage = 'en' | 'fr' | 'de' | 'es'

export interface ErrorText {
  readonly title: string
  readonly message: string
}

export interface Messages {
  readonly banner: string
  readonly errors: Readonly<Record<number, ErrorText>>
  /** Fallback for a status without its own text. */
  readonly error: ErrorText
  readonly linksetTitle: string
  readonly linksetIntro: string
  readonly identifier: string
  /** The 404 of a product without a page of the requested `linkType`. */
  readonly noPageOfType: ErrorText
}

const EN: Messages = {
  banner: 'GS1 Digital Link resolver',
  errors: {
    400: {
      title: 'Invalid code',
      message: 'This GS1 Digital Link is not valid. Check the code and scan it again.',
    },
    404: { title: 'Not found', message: 'We could not find a product for this code.' },
    405: {
      title: 'Method not allowed',
      message: 'This address only answers GET, HEAD and OPTIONS requests.',
    },
    500: {
      title: 'Something went wrong',
      message: 'The resolver could not answer. Please try again in a moment.',
    },
  },
  error: { title: 'Error', message: 'The request could not be answered.' },
  linksetTitle: 'Links for this product',
  linksetIntro: 'Every page published for this product, by link type and language.',
  identifier: 'Identifier',
  noPageOfType: { title: 'Page not found', message: 'This product has no page of the requested type.' },
}

const FR: Messages = {
  banner: 'Résolveur GS1 Digital Link',
  errors: {
    400: {
      title: 'Code non valide',
      message: 'Ce GS1 Digital Link n’est pas valide. Vérifiez le code et scannez-le à nouveau.',
    },
    404: { title: 'Introuvable', message: 'Nous n’avons trouvé aucun produit pour ce code.' },
    405: {
      title: 'Méthode non autorisée',
      message: 'Cette adresse ne répond qu’aux requêtes GET, HEAD et OPTIONS.',
    },
    500: {
      title: 'Une erreur est survenue',
      message: 'Le résolveur n’a pas pu répondre. Veuillez réessayer dans un instant.',
    },
  },
  error: { title: 'Erreur', message: 'La requête n’a pas pu aboutir.' },
  linksetTitle: 'Liens de ce produit',
  linksetIntro: 'Toutes les pages publiées pour ce produit, par type de lien et par langue.',
  identifier: 'Identifiant',
  noPageOfType: { title: 'Page introuvable', message: 'Ce produit n’a pas de page du type demandé.' },
}

const DE: Messages = {
  banner: 'GS1-Digital-Link-Resolver',
  errors: {
    400: {
      title: 'Ungültiger Code',
      message: 'Dieser GS1 Digital Link ist ungültig. Prüfen Sie den Code und scannen Sie ihn erneut.',
    },
    404: { title: 'Nicht gefunden', message: 'Zu diesem Code wurde kein Produkt gefunden.' },
    405: {
      title: 'Methode nicht erlaubt',
      message: 'Diese Adresse beantwortet nur GET-, HEAD- und OPTIONS-Anfragen.',
    },
    500: {
      title: 'Etwas ist schiefgelaufen',
      message: 'Der Resolver konnte nicht antworten. Bitte versuchen Sie es gleich noch einmal.',
    },
  },
  error: { title: 'Fehler', message: 'Die Anfrage konnte nicht beantwortet werden.' },
  linksetTitle: 'Links zu diesem Produkt',
  linksetIntro: 'Alle für dieses Produkt veröffentlichten Seiten, nach Linktyp und Sprache.',
  identifier: 'Kennung',
  noPageOfType: {
    title: 'Seite nicht gefunden',
    message: 'Dieses Produkt hat keine Seite der angefragten Art.',
  },
}

const ES: Messages = {
  banner: 'Resolutor GS1 Digital Link',
  errors: {
    400: {
      title: 'Código no válido',
      message: 'Este GS1 Digital Link no es válido. Compruebe el código y vuelva a escanearlo.',
    },
    404: { title: 'No encontrado', message: 'No hemos encontrado ningún producto para este código.' },
    405: {
      title: 'Método no permitido',
      message: 'Esta dirección solo responde a solicitudes GET, HEAD y OPTIONS.',
    },
    500: {
      title: 'Algo ha salido mal',
      message: 'El resolutor no ha podido responder. Vuelva a intentarlo en un momento.',
    },
  },
  error: { title: 'Error', message: 'No se ha podido responder a la solicitud.' },
  linksetTitle: 'Enlaces de este producto',
  linksetIntro: 'Todas las páginas publicadas para este producto, por tipo de enlace e idioma.',
  identifier: 'Identificador',
  noPageOfType: {
    title: 'Página no encontrada',
    message: 'Este producto no tiene ninguna página del tipo solicitado.',
  },
}

const MESSAGES: Readonly<Record<UiLanguage, Messages>> = { en: EN, fr: FR, de: DE, es: ES }

/** The first of the scanner's languages (lower-case tags, in order) we have strings for, by primary subtag; else English. */
export function uiLanguage(scanner: readonly string[]): UiLanguage {
  for (const tag of scanner) {
    const dash = tag.indexOf('-')
    const primary = dash === -1 ? tag : tag.slice(0, dash)
    if (primary === 'en' || primary === 'fr' || primary === 'de' || primary === 'es') return primary
  }
  return 'en'
}

/** The strings of one interface language. */
export function messages(language: UiLanguage): Messages {
  return MESSAGES[language]
}
