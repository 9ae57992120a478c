/** Interface strings in Czech (cs). */
import type { Messages } from '../message-types.ts'

export const cs: Messages = {
  banner: 'Služba GS1 Digital Link',
  errors: {
    400: {
      title: 'Neplatný kód',
      message: 'Tento GS1 Digital Link není platný. Zkontrolujte kód a naskenujte ho znovu.',
    },
    404: { title: 'Nenalezeno', message: 'K tomuto kódu jsme nenašli žádný produkt.' },
    405: {
      title: 'Metoda není povolena',
      message: 'Tato adresa odpovídá jen na požadavky GET, HEAD a OPTIONS.',
    },
    500: {
      title: 'Něco se pokazilo',
      message: 'Služba nemohla odpovědět. Zkuste to prosím za chvíli znovu.',
    },
  },
  error: { title: 'Chyba', message: 'Požadavek se nepodařilo vyřídit.' },
  linksetTitle: 'Odkazy k tomuto produktu',
  linksetIntro: 'Všechny stránky o tomto produktu podle tématu a jazyka.',
  identifier: 'Identifikátor',
  defaultPage: 'Hlavní stránka',
  noPageOfType: { title: 'Stránka nenalezena', message: 'Tento produkt nemá stránku požadovaného typu.' },
  page: {
    languages: 'Jazyky',
    pages: 'O tomto produktu',
    thisItem: 'Tento kus',
    details: { lot: 'Šarže', serial: 'Sériové číslo', expiry: 'Datum použitelnosti' },
    allLinks: 'Všechny odkazy k tomuto produktu',
    noText: 'Tato stránka zatím nemá v tomto jazyce žádný text.',
    notFound: {
      title: 'Stránka nenalezena',
      message: 'Tato stránka produktu neexistuje nebo není zveřejněná.',
    },
  },
}
