/** Interface strings of the product pages, in the languages of the resolver's views (en, fr, de, es). */

import type { ErrorText, UiLanguage } from '../html/messages.ts'
import type { ItemDetailKind } from './item-details.ts'

export interface PageMessages {
  /** Label of the language picker. */
  readonly languages: string
  /** Heading and label of the links to the product's pages. */
  readonly pages: string
  /** Heading of the lot, serial and expiry details. */
  readonly thisItem: string
  readonly details: Readonly<Record<ItemDetailKind, string>>
  /** Footer link to the HTML linkset. */
  readonly allLinks: string
  /** The 404 page of a page path. */
  readonly notFound: ErrorText
}

const EN: PageMessages = {
  languages: 'Languages',
  pages: 'About this product',
  thisItem: 'This item',
  details: { lot: 'Batch/lot', serial: 'Serial number', expiry: 'Expiry date' },
  allLinks: 'All links for this product',
  notFound: { title: 'Page not found', message: 'This product page does not exist or is not published.' },
}

const FR: PageMessages = {
  languages: 'Langues',
  pages: 'À propos de ce produit',
  thisItem: 'Cet article',
  details: { lot: 'Lot', serial: 'Numéro de série', expiry: 'Date d’expiration' },
  allLinks: 'Tous les liens de ce produit',
  notFound: {
    title: 'Page introuvable',
    message: 'Cette page produit n’existe pas ou n’est pas publiée.',
  },
}

const DE: PageMessages = {
  languages: 'Sprachen',
  pages: 'Über dieses Produkt',
  thisItem: 'Dieser Artikel',
  details: { lot: 'Charge', serial: 'Seriennummer', expiry: 'Verfallsdatum' },
  allLinks: 'Alle Links zu diesem Produkt',
  notFound: {
    title: 'Seite nicht gefunden',
    message: 'Diese Produktseite gibt es nicht, oder sie ist nicht veröffentlicht.',
  },
}

const ES: PageMessages = {
  languages: 'Idiomas',
  pages: 'Sobre este producto',
  thisItem: 'Este artículo',
  details: { lot: 'Lote', serial: 'Número de serie', expiry: 'Fecha de caducidad' },
  allLinks: 'Todos los enlaces de este producto',
  notFound: {
    title: 'Página no encontrada',
    message: 'Esta página de producto no existe o no está publicada.',
  },
}

const MESSAGES: Readonly<Record<UiLanguage, PageMessages>> = { en: EN, fr: FR, de: DE, es: ES }

/** The product-page strings of one interface language. */
export function pageMessages(language: UiLanguage): PageMessages {
  return MESSAGES[language]
}
