/** Interface strings in Bulgarian (bg). */
import type { Messages } from '../message-types.ts'

export const bg: Messages = {
  banner: 'Услуга GS1 Digital Link',
  errors: {
    400: {
      title: 'Невалиден код',
      message: 'Този GS1 Digital Link не е валиден. Проверете кода и го сканирайте отново.',
    },
    404: { title: 'Не е намерено', message: 'Не намерихме продукт за този код.' },
    405: {
      title: 'Методът не е разрешен',
      message: 'Този адрес отговаря само на заявки GET, HEAD и OPTIONS.',
    },
    500: {
      title: 'Нещо се обърка',
      message: 'Услугата не можа да отговори. Опитайте отново след малко.',
    },
  },
  error: { title: 'Грешка', message: 'Заявката не можа да бъде обработена.' },
  linksetTitle: 'Връзки за този продукт',
  linksetIntro: 'Всички страници за този продукт, по тема и език.',
  identifier: 'Идентификатор',
  defaultPage: 'Основна страница',
  noPageOfType: {
    title: 'Страницата не е намерена',
    message: 'Този продукт няма страница от търсения вид.',
  },
  page: {
    languages: 'Езици',
    pages: 'За този продукт',
    thisItem: 'Този артикул',
    details: { lot: 'Партида', serial: 'Сериен номер', expiry: 'Срок на годност' },
    allLinks: 'Всички връзки за този продукт',
    noText: 'Тази страница все още няма текст на този език.',
    notFound: {
      title: 'Страницата не е намерена',
      message: 'Тази продуктова страница не съществува или не е публикувана.',
    },
  },
}
