/** Interface strings in French (fr). */
import type { Messages } from '../message-types.ts'

export const fr: Messages = {
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
  linksetIntro: 'Toutes les pages sur ce produit, par thème et par langue.',
  identifier: 'Identifiant',
  defaultPage: 'Page principale',
  noPageOfType: { title: 'Page introuvable', message: 'Ce produit n’a pas de page du type demandé.' },
  page: {
    languages: 'Langues',
    pages: 'À propos de ce produit',
    thisItem: 'Cet article',
    details: { lot: 'Lot', serial: 'Numéro de série', expiry: 'Date d’expiration' },
    allLinks: 'Tous les liens de ce produit',
    noText: 'Cette page n’a pas encore de texte dans cette langue.',
    notFound: {
      title: 'Page introuvable',
      message: 'Cette page produit n’existe pas ou n’est pas publiée.',
    },
  },
}
