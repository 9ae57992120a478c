/** Interface strings in Dutch (nl). */
import type { Messages } from '../message-types.ts'

export const nl: Messages = {
  banner: 'GS1 Digital Link-dienst',
  errors: {
    400: {
      title: 'Ongeldige code',
      message: 'Deze GS1 Digital Link is ongeldig. Controleer de code en scan hem opnieuw.',
    },
    404: { title: 'Niet gevonden', message: 'We hebben geen product voor deze code gevonden.' },
    405: {
      title: 'Methode niet toegestaan',
      message: 'Dit adres beantwoordt alleen GET-, HEAD- en OPTIONS-verzoeken.',
    },
    500: {
      title: 'Er ging iets mis',
      message: 'De dienst kon niet antwoorden. Probeer het zo meteen opnieuw.',
    },
  },
  error: { title: 'Fout', message: 'Het verzoek kon niet worden beantwoord.' },
  linksetTitle: 'Links voor dit product',
  linksetIntro: 'Alle pagina’s over dit product, per onderwerp en taal.',
  identifier: 'Identificatiecode',
  defaultPage: 'Hoofdpagina',
  noPageOfType: {
    title: 'Pagina niet gevonden',
    message: 'Dit product heeft geen pagina van het gevraagde type.',
  },
  page: {
    languages: 'Talen',
    pages: 'Over dit product',
    thisItem: 'Dit artikel',
    details: { lot: 'Partij', serial: 'Serienummer', expiry: 'Vervaldatum' },
    allLinks: 'Alle links voor dit product',
    noText: 'Deze pagina heeft nog geen tekst in deze taal.',
    notFound: {
      title: 'Pagina niet gevonden',
      message: 'Deze productpagina bestaat niet of is niet gepubliceerd.',
    },
  },
}
