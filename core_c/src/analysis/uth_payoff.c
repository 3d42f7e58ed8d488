/* The one payoff rule of Ultimate Texas Hold'em. */
#include "analysis_internal.h"

#define MAX_UNIT 1000u
#define MAX_BLIND_PAY 1000000u

int64_t ph_uth_payoff(const ph_uth_rules *rules, unsigned play, unsigned outcome) {
    if (!rules || rules->unit < 1 || rules->unit > MAX_UNIT || play < 1 || play > 4 || outcome >= PH_UTH_OUTCOMES)
        return INT64_MIN;
    int64_t unit = rules->unit, bet = (int64_t)play * unit;
    if (outcome < 20) { /* a win: Play 1:1, the Ante only if the dealer qualifies, the Blind by the hand */
        unsigned category = outcome % 10;
        if (rules->blind_pay[category] > MAX_BLIND_PAY)
            return INT64_MIN;
        return bet + (outcome < 10 ? unit : 0) + rules->blind_pay[category];
    }
    if (outcome == 20) /* a tie pushes everything */
        return 0;
    /* a loss: Play and Blind lost, the Ante pushed when the dealer does not qualify */
    return -(bet + unit + (outcome == 21 ? unit : 0));
}

int ph_uth_pays_init(ph_uth_pays *pays, const ph_uth_rules *rules) {
    for (unsigned play = 1; play <= 4; play++)
        for (unsigned o = 0; o < PH_UTH_OUTCOMES; o++) {
            int64_t pay = ph_uth_payoff(rules, play, o);
            if (pay == INT64_MIN)
                return PH_E_ARGUMENT;
            pays->pay[play][o] = pay;
        }
    for (unsigned o = 0; o < PH_UTH_OUTCOMES; o++)
        pays->pay[0][o] = 0;
    pays->fold = -2 * (int64_t)rules->unit;
    return PH_OK;
}
