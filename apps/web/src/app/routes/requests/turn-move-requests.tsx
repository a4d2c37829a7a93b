import { useTranslation } from 'react-i18next';
import { TurnMovesTable } from '../../../features/turn-moves/components/turn-moves-table';

/** /move-turn/requests (association_move_turn.index, declared on the route). */
export default function TurnMoveRequestsRoute() {
  const { t } = useTranslation();
  return (
    <>
      <h1 className="page-title">{t('requestsUi.turn_moves.title')}</h1>
      <TurnMovesTable />
    </>
  );
}
