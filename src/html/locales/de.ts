/** Interface strings in German (de). */
import type { Messages } from '../message-types.ts'

export const de: Messages = {
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
  linksetIntro: 'Alle Seiten zu diesem Produkt, nach Thema und Sprache.',
  identifier: 'Kennung',
  defaultPage: 'Hauptseite',
  noPageOfType: {
    title: 'Seite nicht gefunden',
    message: 'Dieses Produkt hat keine Seite der angefragten Art.',
  },
  page: {
    languages: 'Sprachen',
    pages: 'Über dieses Produkt',
    thisItem: 'Dieser Artikel',
    details: { lot: 'Charge', serial: 'Seriennummer', expiry: 'Verfallsdatum' },
    allLinks: 'Alle Links zu diesem Produkt',
    noText: 'Diese Seite hat in dieser Sprache noch keinen Text.',
    notFound: {
      title: 'Seite nicht gefunden',
      message: 'Diese Produktseite gibt es nicht, oder sie ist nicht veröffentlicht.',
    },
  },
}
