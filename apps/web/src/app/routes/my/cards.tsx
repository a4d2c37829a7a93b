import { useTranslation } from 'react-i18next';
import { CardRequests } from '../../../features/members/components/card-requests';

/** /my/cards: ask for a card, and follow my requests. */
export default function MyCardsRoute() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="my-cards-title">
      <h1 id="my-cards-title" className="page-title">
        {t('membersUi.cards.title')}
      </h1>
      <CardRequests />
    </section>
  );
}
