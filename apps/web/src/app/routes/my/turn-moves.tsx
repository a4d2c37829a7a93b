import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { MyTurnMoves } from '../../../features/members/components/my-turn-moves';

/** /my/turn-moves: my turn-move requests and their status; a request is made from a subscription's card. */
export default function MyTurnMovesRoute() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="my-turn-moves-title">
      <h1 id="my-turn-moves-title" className="page-title">
        {t('membersUi.turn_moves.title')}
      </h1>
      <p className="muted member-intro">
        {t('membersUi.turn_moves.intro')} <Link to={paths.myAssociations}>{t('membersUi.nav.associations')}</Link>
      </p>
      <MyTurnMoves />
    </section>
  );
}
