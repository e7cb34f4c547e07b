# One GPT-2 (two blocks, width of 124M, from its published configuration, no weights) training
# step: forward, the language-model loss, backward (a graph break), batch 4 x sequence 128.
import torch
from transformers import AutoModelForCausalLM, GPT2Config

BATCH, SEQUENCE, LAYERS = 4, 128, 2


class Model(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.model = AutoModelForCausalLM.from_config(GPT2Config(n_layer=LAYERS))

    def forward(self, x):
        loss = self.model(x, labels=x).loss
        loss.backward()
        return loss


def get_inputs():
    return [torch.randint(0, 50257, (BATCH, SEQUENCE))]


def get_init_inputs():
    return []
