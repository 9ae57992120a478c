/** Interface strings in Slovak (sk). */
import type { Messages } from '../message-types.ts'

export const sk: Messages = {
  banner: 'Služba GS1 Digital Link',
  errors: {
    400: {
      title: 'Neplatný kód',
      message: 'Tento GS1 Digital Link nie je platný. Skontrolujte kód a naskenujte ho znova.',
    },
    404: { title: 'Nenašlo sa', message: 'K tomuto kódu sme nenašli žiadny produkt.' },
    405: {
      title: 'Metóda nie je povolená',
      message: 'Táto adresa odpovedá iba na požiadavky GET, HEAD a OPTIONS.',
    },
    500: {
      title: 'Niečo sa pokazilo',
      message: 'Služba nemohla odpovedať. Skúste to o chvíľu znova.',
    },
  },
  error: { title: 'Chyba', message: 'Na požiadavku sa nepodarilo odpovedať.' },
  linksetTitle: 'Odkazy na tento produkt',
  linksetIntro: 'Všetky stránky o tomto produkte podľa témy a jazyka.',
  identifier: 'Identifikátor',
  defaultPage: 'Hlavná stránka',
  noPageOfType: { title: 'Stránka sa nenašla', message: 'Tento produkt nemá stránku požadovaného typu.' },
  page: {
    languages: 'Jazyky',
    pages: 'O tomto produkte',
    thisItem: 'Tento kus',
    details: { lot: 'Šarža', serial: 'Sériové číslo', expiry: 'Dátum spotreby' },
    allLinks: 'Všetky odkazy na tento produkt',
    noText: 'Táto stránka zatiaľ nemá v tomto jazyku žiadny text.',
    notFound: {
      title: 'Stránka sa nenašla',
      message: 'Táto stránka produktu neexistuje alebo nie je zverejnená.',
    },
  },
}
