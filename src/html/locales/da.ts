/** Interface strings in Danish (da). */
import type { Messages } from '../message-types.ts'

export const da: Messages = {
  banner: 'GS1 Digital Link-tjeneste',
  errors: {
    400: {
      title: 'Ugyldig kode',
      message: 'Dette GS1 Digital Link er ugyldigt. Kontrollér koden, og scan den igen.',
    },
    404: { title: 'Ikke fundet', message: 'Vi kunne ikke finde et produkt til denne kode.' },
    405: {
      title: 'Metoden er ikke tilladt',
      message: 'Denne adresse besvarer kun GET-, HEAD- og OPTIONS-forespørgsler.',
    },
    500: { title: 'Noget gik galt', message: 'Tjenesten kunne ikke svare. Prøv igen om lidt.' },
  },
  error: { title: 'Fejl', message: 'Forespørgslen kunne ikke besvares.' },
  linksetTitle: 'Links til dette produkt',
  linksetIntro: 'Alle sider om dette produkt efter emne og sprog.',
  identifier: 'Identifikator',
  defaultPage: 'Hovedside',
  noPageOfType: {
    title: 'Siden blev ikke fundet',
    message: 'Dette produkt har ingen side af den ønskede type.',
  },
  page: {
    languages: 'Sprog',
    pages: 'Om dette produkt',
    thisItem: 'Denne vare',
    details: { lot: 'Parti', serial: 'Serienummer', expiry: 'Udløbsdato' },
    allLinks: 'Alle links til dette produkt',
    noText: 'Denne side har endnu ingen tekst på dette sprog.',
    notFound: {
      title: 'Siden blev ikke fundet',
      message: 'Denne produktside findes ikke eller er ikke offentliggjort.',
    },
  },
}
